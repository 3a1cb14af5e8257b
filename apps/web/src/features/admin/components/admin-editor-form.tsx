import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { AdminEditor, EditorContext } from './use-admin-editor';

type Props<Values extends FieldValues, Body> = {
  editor: AdminEditor<Values, Body, unknown>;
  /** The heading of a new row, 'Add a charity'; an edited one reads 'Edit {name}'. */
  addTitle: string;
  /** The field holding the row's name. */
  nameField: Path<Values>;
  /** The submit button, 'Save charity'. */
  saveLabel: string;
  /** The fields, registered on editor.form. */
  children: ReactNode;
};

function CurrentName<Values extends FieldValues, Body>({ control, name }: { control: Control<Values, EditorContext, Body>; name: Path<Values> }) {
  return <>{String(useWatch({ control, name }) ?? '')}</>;
}

/**
 * The form of useAdminEditor for the charity and challenge screens: a heading that takes focus
 * when it opens (give it a `key` per row, so it opens afresh), the fields, Save and Cancel.
 */
export function AdminEditorForm<Values extends FieldValues, Body>({ editor, addTitle, nameField, saveLabel, children }: Props<Values, Body>) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <form className="admin-form" onSubmit={(e) => void editor.submit(e)} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        {editor.adding ? (
          addTitle
        ) : (
          <>
            Edit <CurrentName control={editor.form.control} name={nameField} />
          </>
        )}
      </h2>
      {children}
      <div className="form-actions admin-row-actions">
        <button type="submit" className="button" disabled={editor.busy}>
          {editor.busy ? 'Saving…' : saveLabel}
        </button>
        <button type="button" className="button secondary" onClick={editor.cancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
