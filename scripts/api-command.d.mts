export declare const API_NODE_FLAGS: string[];
export declare function apiNodeArgs(options?: {
  watch?: boolean;
  sources?: boolean;
  extraFlags?: string[];
}): string[];
