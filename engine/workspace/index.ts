// engine/workspace: where a request file is and with what credentials it is sent. The environment
// files read and one environment selected (with `$shared`), the local sandbox's state folder and the
// names it defines, and the editor's secrets overlay. Above catalogue/syntax/signing; below language,
// http, sandbox and openapi, which all read the environment through here.
export { selectEnvironment, type SelectedEnvironment } from './environment';
export { loadEnvironments, readEnvFiles } from './envFiles';
export { LOCAL_ENV, LOCAL_SANDBOX_VARIABLES, localEnvironmentDir, payoutHome } from './home';
export { SecretsOverlay, type EditorSecrets } from './secrets';
export { partnerPrivateKey, servicePublicKey, type LoadedKey } from './keys';
