import { describe, expect, it } from 'vitest';
import { classifyBody, contentTypeContradiction, sniffBody } from './sniff';

const bytes = (text: string) => new TextEncoder().encode(text);
const kind = (b: Uint8Array | string) => sniffBody(typeof b === 'string' ? bytes(b) : b).kind;

describe('sniffBody', () => {
  it('recognises magic numbers', () => {
    expect(kind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(kind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(kind('GIF89a....')).toBe('gif');
    expect(kind('%PDF-1.7\n')).toBe('pdf');
    expect(kind(new Uint8Array([0x1f, 0x8b, 0x08, 0, 0]))).toBe('gzip');
    expect(kind(new Uint8Array([0x50, 0x4b, 0x03, 0x04]))).toBe('zip');
    expect(kind(new Uint8Array([...bytes('RIFF'), 0, 0, 0, 0, ...bytes('WEBPVP8 ')]))).toBe('webp');
  });

  it('tells JSON, XML, HTML and SVG apart by their start, after a BOM and whitespace', () => {
    expect(kind('  \n{"a": 1}')).toBe('json');
    expect(kind('[1,2]')).toBe('json');
    expect(kind('\uFEFF<?xml version="1.0"?><a/>')).toBe('xml');
    expect(kind('<soap:Envelope xmlns:soap="x"/>')).toBe('xml');
    expect(kind('<!DOCTYPE html><html>')).toBe('html');
    expect(kind('<html><body>')).toBe('html');
    expect(kind('<svg xmlns="http://www.w3.org/2000/svg"/>')).toBe('svg');
  });

  it('calls text text and binary binary', () => {
    expect(kind('hello, world')).toBe('text');
    expect(kind(new Uint8Array([1, 2, 3, 0, 5]))).toBe('binary');
    expect(kind(new Uint8Array())).toBe('empty');
  });
});

describe('contentTypeContradiction', () => {
  const id = (ct: string | undefined, body: string | Uint8Array) => contentTypeContradiction(ct, sniffBody(typeof body === 'string' ? bytes(body) : body))?.id;

  it('is silent when they agree', () => {
    expect(id('application/json', '{"a":1}')).toBeUndefined();
    expect(id('application/soap+xml', '<e/>')).toBeUndefined();
    expect(id('text/plain', '{"a":1}')).toBeUndefined();
  });

  it('flags JSON that is an HTML page, with the usual cause', () => {
    const finding = contentTypeContradiction('application/json', sniffBody(bytes('<!DOCTYPE html><html>Login')));
    expect(finding?.title).toBe('Declared application/json, looks like an HTML page');
    expect(finding?.message).toContain('login page');
  });

  it('flags an image whose bytes are another format, and a body that is still compressed', () => {
    expect(id('image/png', new Uint8Array([0xff, 0xd8, 0xff]))).toBe('content-type-contradiction');
    expect(id('application/json', new Uint8Array([0x1f, 0x8b, 0x08, 0]))).toBe('content-still-compressed');
  });

  it('notes a missing Content-Type and a generic one for a known format', () => {
    expect(id(undefined, 'hi')).toBe('content-type-missing');
    expect(id('application/octet-stream', '%PDF-1.4')).toBe('content-type-generic');
  });
});

describe('classifyBody', () => {
  const classify = (ct: string | undefined, body: string | Uint8Array) => classifyBody(ct, sniffBody(typeof body === 'string' ? bytes(body) : body));

  it('follows the declared type when the bytes agree or say nothing certain', () => {
    expect(classify('application/problem+json', '{}')).toBe('json');
    expect(classify('text/xml; charset=utf-8', '<a/>')).toBe('xml');
    expect(classify('text/csv', 'a,b')).toBe('text');
  });

  it('follows the bytes when they contradict the type or the type is generic', () => {
    expect(classify('application/json', '<html><body>')).toBe('html');
    expect(classify('text/html', '%PDF-1.4')).toBe('pdf');
    expect(classify('text/plain', '{"a":1}')).toBe('json');
    expect(classify(undefined, '<a/>')).toBe('xml');
    expect(classify('application/octet-stream', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image');
  });
});
