/**
 * The live protocols the workbench offers besides HTTP and SOAP (WebSocket, gRPC, MCP), each
 * with its own composer and response view. This is the slot: the composer, the response pane,
 * the request type picker and the palette read it; the shell fills it at start-up, before the
 * first render (`shell/protocols/registry.ts`), so nothing below the shell imports a protocol.
 * A protocol is listed in the request type picker once it has an entry here; the composer and
 * the response pane show its parts for a tab whose draft names it.
 */
import type { ComponentType } from 'react';
import type { LiveProtocol } from '../../../core/protocols/types';
import type { RequestDraft } from '../../../core/request/draft';

export interface ProtocolPart {
  /** The picker's label: "WebSocket". */
  label: string;
  /** What it is, one line, for the picker's title and the palette. */
  description: string;
  /** The request side below the request type row: its own address line, Connect, messages. */
  Composer: ComponentType;
  /** The response side for a tab of this protocol (messages, calls, the wire). */
  Response: ComponentType;
  /** The draft a tab switched to this protocol starts from (its settings, a sample URL when empty). */
  init(draft: RequestDraft): RequestDraft;
}

/** The registered protocols, in the picker's order. */
export const protocolParts: Partial<Record<LiveProtocol, ProtocolPart>> = {};

/** Adds (or replaces) the parts of `protocol`; the shell calls it at start-up. */
export function registerProtocolPart(protocol: LiveProtocol, part: ProtocolPart): void {
  protocolParts[protocol] = part;
}

/** The part of `protocol`, when this build offers it. */
export function protocolPart(protocol: string | undefined): ProtocolPart | undefined {
  return protocol && Object.hasOwn(protocolParts, protocol) ? protocolParts[protocol as LiveProtocol] : undefined;
}
