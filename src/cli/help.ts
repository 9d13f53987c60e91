/** The text of `wirebench --help`: every option and the exit codes, as the README's CLI section says them. */
export const HELP = `wirebench run <source> [options]

Runs the requests of <source> in order, with their captures, assertions and Postman
scripts, and reports the results. <source> is one of:
  a workspace folder          the layout \`npm start -- --workspace DIR\` reads and writes
  a Postman collection file   v2.1, v2.0 or v1 (.json); its pre-request and test scripts run
  an Insomnia export          format 4 (.json) or v5 (.yaml); --env NAME picks a sub-environment
  a .http file                JetBrains / VS Code REST Client syntax
Anything else (Swagger/OpenAPI, HAR, WSDL, an environment or globals file) is refused
with exit 2, saying what it is; so is a source or folder with no requests.

Options:
  -e, --env NAME|FILE         a workspace environment by name, or a Postman environment file
  -g, --globals FILE          a Postman globals file: the lowest variable layer
      --env-var-allow LIST    environment variables {{$env.NAME}} may read: names or patterns
                              with * (API_*), comma-separated or repeated
      --vault FILE            vault entries for requests that take a token from the vault:
                              client_credentials or refresh_token grants, secrets as {{$env.NAME}}
      --var NAME=VALUE        set a variable (repeatable); wins over the data row and below
  -d, --data FILE             a CSV or JSON data file: one iteration per row
  -n, --iterations N          run N iterations (default: one per data row, else 1)
      --folder NAME           run only this folder (or collection) of the source; repeat it
                              to run several, each in the order given
      --bail                  stop at the first request that fails
      --timeout MS            the most one request may take, connecting to its last body byte
                              (redirects included; 1xx responses do not extend it); also each
                              pm.sendRequest and vault token request; scripts get MS + 1 s at least
      --timeout-request MS    the same as --timeout (newman's name)
      --timeout-run MS        the whole run: past it the request in flight is stopped and
                              nothing more is sent (exit 3); newman calls this --timeout
      --timeout-script MS     each script run (default 5000)
      --delay MS              wait MS between requests (also --delay-request MS)
  -k, --insecure              do not verify TLS certificates
      --ignore-redirects      never follow a redirect, whatever the request says
      --working-dir DIR       read form-data files and binary bodies from the paths the
                              collection names, relative to DIR (default: the current
                              folder), and only from inside it
      --export-environment FILE, --export-globals FILE, --export-collection FILE
                              write the run's final values as Postman files; secret values
                              are written blank (said on stderr) unless --export-secrets
      --export-secrets        keep secret values in the exported files (said on stderr)
  -r, --reporter LIST         cli,json,junit,html (comma-separated or repeated; default cli)
      --reporter-<name>-export PATH
                              where the json, junit or html report is written
                              (default wirebench-report.<json|xml|html> in the current folder)
      --shard I/N             run only part I of N (see below)
      --silent                nothing on stdout (errors still go to stderr)
      --color on|off|auto     colour in the cli reporter (auto: on a terminal, unless NO_COLOR)
  -h, --help                  this text
  -v, --version               the version

Variables, lowest to highest: globals, collection, environment, data row, then --var
and values set during the run (captures, pm.variables.set) - the later write wins.
Postman's dynamic variables ({{$guid}}, {{$timestamp}}, {{$randomInt}}, {{$randomEmail}}
and the rest of the {{$random...}} family) get a new value at each use.
Secrets come from the process environment only, and only the names you allow:
{{$env.NAME}} (or {{$processEnv NAME}}) anywhere in a request, a variable's value or a
--vault file reads the environment variable NAME when --env-var-allow or the "envVarAllow"
list of the workspace folder's wirebench.json allows it. A run that names one not allowed,
or an unset one, stops with exit 2 before anything is sent. The value is masked in every
line and report, also Base64-, percent- or hex-encoded, reversed or in another case.

Sharding splits the run as Playwright splits tests: the units are whole iterations when
the run has more than one, otherwise the top-level items (a request, or a folder with all
its requests). Shard I takes a contiguous slice: floor(units/N) units, one more for the
first (units mod N) shards. Every unit runs in exactly one shard; a shard left with no
unit sends nothing and exits 0.

Exit codes:
  0  every request was sent and every assertion and test passed
  1  an assertion or test failed
  2  bad usage, input that cannot be read (file:line:column when known), a file that
     is not a collection, workspace or .http file, or nothing to run
  3  a request could not be sent (DNS, refused, timeout, TLS, a file to upload that
     cannot be read), or --timeout-run stopped the run
  4  a script failed (syntax error, exception, time limit), or setNextRequest looped
     past the bound (10 x the requests per iteration) or named no request
When several apply, the highest wins (4, then 3, then 1).
`;
