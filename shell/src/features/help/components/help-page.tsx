/** docs/product.md §2 fixes this page's only content. */
export function HelpPage() {
  return (
    <div className="p-6">
      <h1 className="text-2xl font-semibold tracking-tight">Help - Coming Soon</h1>
    </div>
  );
}
