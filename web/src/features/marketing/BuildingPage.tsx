export default function BuildingPage() {
  return (
    <main id="main" className="mx-auto max-w-3xl p-6">
      <h1 className="text-2xl">CHITTA</h1>
    </main>
  );
}
