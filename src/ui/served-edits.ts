type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * What a visitor changed in a form the server drew before the code that runs it arrived (keywords
 * typed, a distance chosen). Hydration keeps the controls as the visitor left them, but the parts'
 * state still holds the server's values, which their next draw would write back over the
 * visitor's. Read right after hydration, this returns the function that gives each changed
 * control the event the visitor's change would have fired ('input' for text, 'change' for a
 * choice), its value put back first should a draw have written over it meanwhile; the parts take
 * the change up as if they had seen it happen. Controls left as the server drew them get none.
 */
export function servedEdits(root: ParentNode): () => void {
  const edits: { control: Control; value: string; checked: boolean; type: 'input' | 'change' }[] = [];
  for (const control of root.querySelectorAll<Control>('input, textarea, select')) {
    const { value } = control;
    const checked = control instanceof HTMLInputElement && control.checked;
    if (control instanceof HTMLSelectElement) {
      // The option the server marked (`defaultSelected` reflects the same attribute).
      const served =
        [...control.options].find((option) => option.hasAttribute('selected')) ?? control.options[0];
      if (value !== (served?.value ?? '')) edits.push({ control, value, checked, type: 'change' });
    } else if (control.type === 'checkbox' || control.type === 'radio') {
      if (checked !== (control as HTMLInputElement).defaultChecked)
        edits.push({ control, value, checked, type: 'change' });
    } else if (value !== control.defaultValue) {
      edits.push({ control, value, checked, type: 'input' });
    }
  }
  return () => {
    for (const { control, value, checked, type } of edits) {
      if (!control.isConnected) continue;
      if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio'))
        control.checked = checked;
      else control.value = value;
      control.dispatchEvent(new Event(type, { bubbles: true }));
    }
  };
}
