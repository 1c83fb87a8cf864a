import { Field, InputType, ObjectType, type ClassType } from 'type-graphql';
import type { ShapeDeclaration, ShapeField } from '../domain/declare/shape';
import { declaredRecordType, named, typeOf, type TypeFunction } from './declared.types';

const types = new Map<ShapeDeclaration, ClassType>();

function fieldType(spec: ShapeField): TypeFunction {
  if (spec.kind !== 'shape') return typeOf(spec, false);
  const type = shapeType(spec.shape);
  return spec.list ? () => [type] : () => type;
}

/**
 * The GraphQL object type of a result shape, made once: its fields non-null unless declared nullable, a nested
 * shape's type made alongside; a shape that extends another extends its class; a record view is its resource's type.
 */
export function shapeType(shape: ShapeDeclaration): ClassType {
  if (shape.record) return declaredRecordType(shape.record.type);
  let type = types.get(shape);
  if (!type) {
    type = named(shape.type, shape.extends ? shapeType(shape.extends) : undefined);
    for (const [name, spec] of Object.entries(shape.fields))
      Field(fieldType(spec), { nullable: Boolean(spec.common?.nullable), description: spec.common?.description })(type.prototype, name);
    ObjectType(shape.type, { description: shape.description })(type);
    types.set(shape, type);
  }
  return type;
}

const inputs = new Map<ShapeDeclaration, ClassType>();

/** The GraphQL input type of an operation's input shape, made once: a field non-null when declared `required`. */
export function inputShapeType(shape: ShapeDeclaration): ClassType {
  let type = inputs.get(shape);
  if (!type) {
    type = named(shape.type);
    for (const [name, spec] of Object.entries(shape.fields))
      if (spec.kind !== 'shape') Field(typeOf(spec, true), { nullable: !spec.common?.required, description: spec.common?.description })(type.prototype, name);
    InputType(shape.type, { description: shape.description })(type);
    inputs.set(shape, type);
  }
  return type;
}
