/** The text of `wirebench --help`: every option and the exit codes, as the README's CLI section says them. */
export const HELP = `wirebench run <source> [options]

Runs the requests of <source> in order, with their captures, assertions and Postman
scripts, and reports the results. <source> is one of:
  a workspace folder          the layout \`npm start -- --workspace DIR\` reads and writes
  a Postman collection file   v2.1, v2.0 or v1 (.json); its pre-request and test scripts run
  a .http file                JetBrains / VS Code REST Client syntax

Options:
  -e, --env NAME|FILE         a workspace environment by name, or a Postman environment file
      --env-var-allow LIST    environment variables {{$env.NAME}} may read: names or patterns
                              with * (API_*), comma-separated or repeated
      --vault FILE            vault entries for requests that take a token from the vault:
                              client_credentials or refresh_token grants, secrets as {{$env.NAME}}
      --var NAME=VALUE        set a variable (repeatable); wins over the data row and below
  -d, --data FILE             a CSV or JSON data file: one iteration per row
  -n, --iterations N          run N iterations (default: one per data row, else 1)
      --folder NAME           run only this folder (or collection) of the source
      --bail                  stop at the first request that fails
      --timeout MS            time allowed per request to connect, get the head (1xx responses do not extend it), and between body chunks
      --delay MS              wait MS between requests
  -k, --insecure              do not verify TLS certificates
  -r, --reporter LIST         cli,json,junit,html (comma-separated or repeated; default cli)
      --reporter-<name>-export PATH
                              where the json, junit or html report is written
                              (default wirebench-report.<json|xml|html> in the current folder)
      --shard I/N             run only part I of N (see below)
  -h, --help                  this text
  -v, --version               the version

Variables, lowest to highest: collection, environment, data row, then --var and values
set during the run (captures, pm.variables.set) - the later write wins.
Secrets come from the process environment only, and only the names you allow:
{{$env.NAME}} (or {{$processEnv NAME}}) anywhere in a request, a variable's value or a
--vault file reads the environment variable NAME when --env-var-allow or the "envVarAllow"
list of the workspace folder's wirebench.json allows it. A run that names one not allowed,
or an unset one, stops with exit 2 before anything is sent. The value is masked in every
line and report, also Base64-, percent- or hex-encoded, reversed or in another case.

Sharding splits the run as Playwright splits tests: the units are whole iterations when
the run has more than one, otherwise the top-level items (a request, or a folder with all
its requests). Shard I takes a contiguous slice: floor(units/N) units, one more for the
first (units mod N) shards. Every unit runs in exactly one shard.

Exit codes:
  0  every request was sent and every assertion and test passed
  1  an assertion or test failed
  2  bad usage, or input that cannot be read (file:line:column when known)
  3  a request could not be sent (DNS, refused, timeout, TLS…)
  4  a script failed (syntax error, exception, time limit), or setNextRequest looped
     past the bound (10 x the requests per iteration) or named no request
When several apply, the highest wins (4, then 3, then 1).
`;
