/** The parts of SaxonJS 2 (which ships no types) the NEMSIS validator uses. */
declare module 'saxon-js' {
  interface XPathOptions {
    params?: Record<string, unknown>;
    resultForm?: 'default' | 'array' | 'iterator' | 'xdm';
  }
  interface TransformOptions {
    stylesheetInternal: unknown;
    sourceText: string;
    destination: 'serialized' | 'raw';
  }
  const SaxonJS: {
    XPath: { evaluate(expression: string, context: unknown, options?: XPathOptions): unknown };
    transform(options: TransformOptions): { principalResult: string };
  };
  export default SaxonJS;
}
