export function TermsPage() {
  return <h1 className="text-2xl font-bold">Terms of Service</h1>;
}
