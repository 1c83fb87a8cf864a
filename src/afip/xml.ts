import { XMLParser } from 'fast-xml-parser';

/**
 * SOAP replies read by local names: WSAA answers in a namespace other than its WSDL's, and prefixes vary between
 * servers. Values stay strings (a CUIT or a token must not become a number).
 */
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
});

export type XmlNode = Record<string, unknown>;

export function parseXml(text: string): XmlNode {
  return parser.parse(text) as XmlNode;
}

/** The node at a path of local names, or undefined. */
export function at(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const name of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as XmlNode)[name];
  }
  return current;
}

/** Repeated elements as an array whether the reply held one or several. */
export function many(node: unknown): unknown[] {
  if (node === undefined || node === null || node === '') return [];
  return Array.isArray(node) ? node : [node];
}

export function text(node: unknown): string {
  if (typeof node === 'string') return node;
  if (node && typeof node === 'object' && typeof (node as XmlNode)['#text'] === 'string') return (node as XmlNode)['#text'] as string;
  return '';
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export const escapeXml = (value: string): string => value.replace(/[&<>"']/g, (char) => ESCAPES[char]);
