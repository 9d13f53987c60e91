/** The draft a tab switched to gRPC starts from: its settings, and a gRPC address shape when the URL is not one. Light: loaded with the first screen. */
import type { RequestDraft } from '../../../core';
import { emptyGrpcSettings } from '../../../core/protocols/grpc/settings';

export function initGrpcDraft(draft: RequestDraft): RequestDraft {
  const url = /^(grpcs?):\/\//i.test(draft.url.trim()) ? draft.url : 'grpc://127.0.0.1:50051';
  return { ...draft, url, grpc: { ...emptyGrpcSettings(), ...(draft.grpc ?? {}) } };
}
