export function SimilarAccountsPage() {
  return <h1 className="text-2xl font-bold">Similar Accounts</h1>;
}
