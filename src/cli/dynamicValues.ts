/**
 * Postman's dynamic variables (`{{$guid}}`, `{{$randomEmail}}`, …) for a CLI run: core's
 * `dynamicVariableResolver` over Faker's English locale, loaded the first time a request
 * (or a value it uses) names one, so a run that uses none does not pay Faker's start-up.
 * Each use draws a new value, at the moment the request is built.
 */
import { namesDynamicVariable, type DynamicVariableResolver } from '../core';

/** The run's resolver, loaded on first need and kept. */
export class DynamicValues {
  private loading?: Promise<DynamicVariableResolver>;

  /** The resolver when `texts` name a dynamic variable (loading Faker the first time), else undefined. */
  async resolverFor(texts: Iterable<string>): Promise<DynamicVariableResolver | undefined> {
    if (!this.loading && !namesDynamicVariable(texts)) return undefined;
    this.loading ??= Promise.all([import('@faker-js/faker/locale/en'), import('../core/encoding/dynamicVariables')]).then(([{ faker }, { dynamicVariableResolver }]) => dynamicVariableResolver(faker));
    return this.loading;
  }
}
