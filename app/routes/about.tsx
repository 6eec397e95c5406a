export default function About() {
  return (
    <main>
      <h1>About Us</h1>
    </main>
  );
}
