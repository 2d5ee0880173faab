export declare const API_NODE_FLAGS: string[];
export declare function apiNodeArgs(options?: {
  watch?: boolean;
  sources?: boolean;
  extraFlags?: string[];
}): string[];
export declare const API_ENV_DEFAULTS: Record<string, string>;
export declare function apiEnv(env?: Record<string, string | undefined>): Record<string, string | undefined>;
export declare function apiCommand(options?: {
  watch?: boolean;
  sources?: boolean;
  extraFlags?: string[];
  env?: Record<string, string | undefined>;
}): { command: string; args: string[]; env: Record<string, string | undefined> };
