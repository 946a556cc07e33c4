export declare const WEB_DIST: string;
export declare function firstLoadPayload(dist?: string): {
  jsKb: number;
  shellJsKb: number;
  cssKb: number;
  files: Array<{ file: string; kb: number }>;
} | null;
