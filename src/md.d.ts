/** Prose files (tool descriptions, system prompts) are imported as strings; the bundler and the test runner both load `.md` as text. */
declare module "*.md" {
  const text: string;
  export default text;
}
