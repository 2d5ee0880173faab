interface BuildOptions {
  root?: string;
  entry?: string;
  outDir?: string;
  quiet?: boolean;
}
export declare const ROOT: string;
export declare const API_ENTRY: string;
export declare const API_OUT_DIR: string;
export declare function buildApi(options?: BuildOptions): { outFile: string; inputs: string[] };
export declare function staleReason(options?: BuildOptions): string | null;
export declare function ensureApiBuild(options?: BuildOptions): string;
