/**
 * Postman's dynamic variables (`{{$guid}}`, `{{$randomEmail}}`, …) at send time: Faker's
 * English locale and core's generators load with the first send that names one (Faker is
 * some 150 kB compressed: never on the first screen), then stay. The composer's preview uses
 * core's fixed samples instead (`sampleDynamicValue`), so typing never draws or loads anything.
 */
import { namesDynamicVariable, type DynamicVariableResolver, type RequestDraft } from '../../../core';

let loading: Promise<DynamicVariableResolver> | undefined;

/** The resolver a send of `draft` under `env` needs (loading it the first time), or undefined when neither names a dynamic variable. */
export async function dynamicResolverFor(draft: RequestDraft, env: Readonly<Record<string, string>>): Promise<DynamicVariableResolver | undefined> {
  if (!loading && !namesDynamicVariable([JSON.stringify(draft), ...Object.values(env)])) return undefined;
  loading ??= Promise.all([import('@faker-js/faker/locale/en'), import('../../../core/encoding/dynamicVariables')]).then(
    ([{ faker }, { dynamicVariableResolver }]) => dynamicVariableResolver(faker),
    (err: unknown) => {
      // A failed chunk load is tried again at the next send.
      loading = undefined;
      throw err;
    },
  );
  return loading;
}
