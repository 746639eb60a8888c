export function LandingPage() {
  return <h1 className="text-2xl font-bold">Find the e-mails behind Instagram accounts</h1>;
}
