/**
 * The web app's first page: a placeholder until the shell, routing and catalogues land (issue "[3 of 7]").
 * It proves the build, the same-origin serving by the API and the page checks in the browser tests.
 */
export function App() {
  return (
    <main className="placeholder">
      <h1>Portal do Fornecedor</h1>
      <p>Antecipe o recebimento das suas notas fiscais.</p>
    </main>
  );
}
