/** Says plainly that a response body is not (wholly) in the page, how much is, and why. */
import { notKeptSentence, type BodyNotKept } from '../bodyBudget';

export function BodyNotKeptNote({ notKept }: { notKept: BodyNotKept }) {
  return (
    <p className="body-not-kept" role="note" data-testid="body-not-kept">
      <strong>{notKept.keptBytes ? 'Not kept beyond this point.' : 'Body not kept.'}</strong> {notKeptSentence(notKept)}
    </p>
  );
}
