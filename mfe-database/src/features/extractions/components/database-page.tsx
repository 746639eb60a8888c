export function DatabasePage() {
  return <h1 className="text-2xl font-bold">Instagram Database</h1>;
}
