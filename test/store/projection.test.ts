import { projectionFor, type ProjectionSpec } from '../../src/store/projection.store';

const spec: ProjectionSpec = {
  always: ['ref', 'lines.qty'],
  sources: {
    id: ['_id'],
    ref: ['ref'],
    label: ['sale_point', 'number'],
    lines: { path: 'lines', sources: { qty: ['qty'], item: ['item_id'] } },
    whole: ['lines'],
  },
};

it('reads the sources of the selected fields, nested ones under their path, plus what the mapping always reads', () => {
  expect(projectionFor({ label: {}, lines: { item: { name: {} } }, __typename: {} }, spec)).toEqual({
    ref: 1,
    'lines.qty': 1,
    sale_point: 1,
    number: 1,
    'lines.item_id': 1,
  });
  expect(projectionFor({}, spec)).toEqual({ ref: 1, 'lines.qty': 1 });
});

it('reads the whole document when a selected field has no declared source', () => {
  expect(projectionFor({ id: {}, somethingNew: {} }, spec)).toBeUndefined();
  expect(projectionFor({ lines: { somethingNew: {} } }, spec)).toBeUndefined();
});

it('drops a path inside another selected one (a path collision for MongoDB)', () => {
  expect(projectionFor({ whole: {}, lines: { item: {} } }, spec)).toEqual({ ref: 1, lines: 1 });
});
