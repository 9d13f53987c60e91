/** Collections, environments and history. */
export function WorkspacePanel() {
  return <p className="muted">Collections and history are not available yet.</p>;
}
