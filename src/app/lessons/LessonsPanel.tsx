/** Lessons: one request per convention, loaded into the composer with a click. */
export function LessonsPanel() {
  return <p className="muted">Lessons load here once the sandbox lessons are available.</p>;
}
