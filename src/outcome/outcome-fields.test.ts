import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Outcome, OutcomeClass } from './outcome.js';
import { type OUTCOME_CLASS_FIELDS, OUTCOME_CLASSES } from './outcome-fields.js';

type FieldsOf<Class extends OutcomeClass> = Exclude<keyof Extract<Outcome, { class: Class }>, 'class' | 'ok'>;
type Listed<Class extends OutcomeClass> = (typeof OUTCOME_CLASS_FIELDS)[Class][number];

describe('the outcome field table', () => {
  it('lists exactly the fields each outcome type declares', () => {
    // a field added to a type but not to the table (or the reverse) fails to compile here
    expectTypeOf<Listed<'ok'>>().toEqualTypeOf<FieldsOf<'ok'>>();
    expectTypeOf<Listed<'partial'>>().toEqualTypeOf<FieldsOf<'partial'>>();
    expectTypeOf<Listed<'empty'>>().toEqualTypeOf<FieldsOf<'empty'>>();
    expectTypeOf<Listed<'correctable'>>().toEqualTypeOf<FieldsOf<'correctable'>>();
    expectTypeOf<Listed<'clarifying'>>().toEqualTypeOf<FieldsOf<'clarifying'>>();
    expectTypeOf<Listed<'unavailable'>>().toEqualTypeOf<FieldsOf<'unavailable'>>();
    expectTypeOf<Listed<'refused'>>().toEqualTypeOf<FieldsOf<'refused'>>();
    expectTypeOf<Listed<'fatal'>>().toEqualTypeOf<FieldsOf<'fatal'>>();
  });

  it('covers the eight classes in the documented order', () => {
    expect(OUTCOME_CLASSES).toEqual([
      'ok',
      'partial',
      'empty',
      'correctable',
      'clarifying',
      'unavailable',
      'refused',
      'fatal',
    ]);
  });
});
