import { errors } from '@strapi/utils';
import type { FieldRefusal } from '../contract/stored-rules';
import { germanRuleMessage } from '../panel/data-rule-texts';

/**
 * A write the data's rules refuse. It is Strapi's ValidationError, with one entry per refused
 * field whose path names the field: the content manager shows each message under its field. The
 * panel reads German; the dashboard's calls answer with the contract's English message instead
 * (middlewares/api-errors.ts), the same one their own check gives.
 */
export class DataRuleError extends errors.ValidationError {
  readonly refusals: FieldRefusal[];

  constructor(refusals: FieldRefusal[]) {
    const fieldErrors = refusals.map(({ field, message }) => ({ path: [field], message: germanRuleMessage(message), name: 'ValidationError' }));
    super(fieldErrors[0]?.message ?? germanRuleMessage(''), { errors: fieldErrors });
    this.refusals = refusals;
  }

  /** The contract's message of the first refused field. */
  get contractMessage(): string {
    return this.refusals[0]?.message ?? 'Invalid data';
  }
}
