export function InfoExtractorPage() {
  return <h1 className="text-2xl font-bold text-primary">Instagram Info Extractor</h1>;
}
