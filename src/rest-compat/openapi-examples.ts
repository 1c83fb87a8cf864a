import { sample } from 'openapi-sampler';
import type { HandWrittenExample, RestRoute } from './route';

// biome-ignore lint/suspicious/noExplicitAny: OpenAPI fragments, walked generically
type Json = Record<string, any>;

/**
 * Gives every operation of the OpenAPI document an example of its request body and of its success answer. They are
 * derived from the schemas by openapi-sampler, which takes each field's declared `examples` (else its `const`,
 * `enum` or `default`), so an example is written once, beside the field, and every body and answer that holds the
 * field shows it. A route whose example the schemas can't give (a form with a file, a file download) carries one
 * written by hand (`RestRoute.examples`).
 */
export function withExamples<D extends { paths: Record<string, Record<string, unknown>> }>(routes: RestRoute[], document: D): D {
  for (const route of routes) {
    const operation = document.paths[`/api/v1${route.path}`]?.[route.method] as Json | undefined;
    if (!operation) continue;
    const body = operation.requestBody?.content as Json | undefined;
    if (body) {
      const [media] = Object.values(body) as Json[];
      if (route.examples?.request) media.examples = { [route.examples.request.name]: exampleObject(route.examples.request) };
      // A body leaves out what the server sets (read-only fields are ignored when sent).
      else media.example = sample(media.schema, { skipReadOnly: true, quiet: true }, document);
    }
    const success = operation.responses?.[String(route.successStatus)]?.content as Json | undefined;
    if (success) {
      const [media, ...alternatives] = Object.values(success) as Json[];
      const { response } = route.examples ?? {};
      // A file offered in several formats (an export's CSV and XLSX) shows its example under each.
      if (response) for (const each of [media, ...alternatives]) each.examples = { [response.name]: exampleObject(response) };
      else media.example = sample(media.schema, { skipWriteOnly: true, quiet: true }, document);
    }
  }
  return document;
}

const exampleObject = ({ name: _name, ...example }: HandWrittenExample): Json => example;
