/**
 * Posts the signed checkout form to PayFast's hosted page (issue 31 §5): a form built in the page and
 * submitted, as PayFast's custom integration documents (the browser leaves the app).
 */
export function submitToPayfast(action: string, fields: ReadonlyArray<readonly [string, string]>): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = action;
  for (const [name, value] of fields) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
