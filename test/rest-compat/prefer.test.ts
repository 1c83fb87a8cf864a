import { prefers } from '../../src/rest-compat/prefer';

/** The Prefer header (RFC 7240) as the upload routes read it: a preference found by its name, anything else ignored. */

test('a preference is found by its name, without case, among others, with or without a value or parameters', () => {
  for (const header of [
    'respond-async',
    'RESPOND-ASYNC',
    ' respond-async ',
    'wait=10, respond-async',
    'respond-async; x=1',
    'respond-async=1',
    ['return=minimal', 'respond-async'],
  ])
    expect({ header, found: prefers(header, 'respond-async') }).toEqual({ header, found: true });
});

test('no header, another preference, a longer name or a malformed header asks for nothing', () => {
  for (const header of [undefined, '', 'wait=10', 'respond-asynchronously', 'x-respond-async', '"respond-async"', ';;;,,,==', 'respond async', [], ['wait=1']])
    expect({ header, found: prefers(header, 'respond-async') }).toEqual({ header, found: false });
});
