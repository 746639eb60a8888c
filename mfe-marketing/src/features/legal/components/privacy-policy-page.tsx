export function PrivacyPolicyPage() {
  return <h1 className="text-2xl font-bold">Privacy Policy</h1>;
}
