/**
 * Props for a required input's label. Mantine's asterisk is a real character inside the <label>, so the
 * label text reads "Label *" to tools that match label text exactly; this draws it with CSS instead
 * (global.css, with empty alternative text), keeping the label text and the accessible name "Label".
 */
export function requiredLabelProps(required: boolean | undefined) {
  return {
    required,
    withAsterisk: false,
    labelProps: required ? { 'data-required-mark': true } : undefined,
  };
}
