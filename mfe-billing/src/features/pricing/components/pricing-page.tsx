export function PricingPage() {
  return <h1 className="text-2xl font-bold">Choose your plan</h1>;
}
