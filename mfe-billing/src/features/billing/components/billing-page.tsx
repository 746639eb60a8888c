export function BillingPage() {
  return <h1 className="text-2xl font-bold">Billing & Subscription</h1>;
}
