import { CopyableValue } from './CopyableValue.js';

/** Shows a service request id with a copy button: users quote it to support. */
export function RequestId({ requestId }: { requestId: string }) {
  return <CopyableValue label="Request id" value={requestId} testId="request-id" />;
}
