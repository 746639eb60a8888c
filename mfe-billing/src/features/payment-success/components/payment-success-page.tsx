export function PaymentSuccessPage() {
  return <h1 className="text-2xl font-bold">Processing your subscription...</h1>;
}
