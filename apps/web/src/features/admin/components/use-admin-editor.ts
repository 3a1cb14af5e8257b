import { useState } from 'react';
import { useForm, type FieldErrors, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { reasonOf, refusedFieldsOf } from './describe-error';

/** The admin error of docs/product-rules.md §8: a title in red ('Could not add campaign') and the reason beside it. */
export type EditorFailure = { title: string; reason?: string | undefined };

/** What the editor is open on: a row's id, or undefined for a new row. */
export type Editing = { id: number | undefined };

/** What the resolver is told: whether the row is new (a new charity needs a logo). */
export type EditorContext = { adding: boolean };

export type AdminEditorOptions<Values extends FieldValues, Body, Saved> = {
  /**
   * The form checked by core's request schema (zodResolver), for a new row (true) or an edit:
   * the same rules and words as the API.
   */
  resolver: (adding: boolean) => Resolver<Values, unknown, Body>;
  /** Sends the checked body: POST for a new row (id undefined), PUT for an edit. */
  save: (id: number | undefined, body: Body) => Promise<Saved>;
  /** The red title of a refused or failed save: 'Could not add …' or 'Could not save …'. */
  failureTitle: (adding: boolean) => string;
  /** The reason under it when fields were refused, from their messages in the form's order. */
  refusedReason: (messages: string[]) => string;
  /** The green notice once saved: 'Added …', 'Saved …'. */
  savedNotice: (saved: Saved, adding: boolean) => string;
  onSaved?: (saved: Saved) => void;
};

function messagesOf(errors: FieldErrors): string[] {
  return Object.values(errors).flatMap((error) => (typeof error?.message === 'string' ? [error.message] : []));
}

/**
 * The admin's one way of editing a row (charities, challenges, campaigns): react-hook-form
 * checked by core's request schema, so each problem shows at its field (aria-describedby, as
 * components/field does) and in red above, summarised; focus goes to the first. A save the API
 * refuses for its fields shows each of them at its field in the same way, all at once; any other
 * refusal shows the API's reason. Also holds the screen's notice and failure for its other
 * actions (delete, disable), which `report` sets.
 */
export function useAdminEditor<Values extends FieldValues, Body, Saved>(options: AdminEditorOptions<Values, Body, Saved>) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [failure, setFailure] = useState<EditorFailure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const adding = editing !== null && editing.id === undefined;

  const form = useForm<Values, EditorContext, Body>({
    resolver: (values, context, resolverOptions) => options.resolver(context?.adding ?? false)(values, context, resolverOptions),
    context: { adding },
  });

  function report(next: EditorFailure | null, message: string | null = null) {
    setFailure(next);
    setNotice(message);
  }

  /** Opens the editor on a row (or a new one, id undefined) with the values its inputs start from. */
  function start(id: number | undefined, values: Values) {
    report(null);
    form.reset(values);
    setEditing({ id });
  }

  function cancel() {
    setEditing(null);
    setFailure(null);
  }

  const submit = form.handleSubmit(
    async (body) => {
      if (!editing) return;
      const isNew = editing.id === undefined;
      try {
        const saved = await options.save(editing.id, body);
        setEditing(null);
        report(null, options.savedNotice(saved, isNew));
        options.onSaved?.(saved);
      } catch (err) {
        // Fields the API refused show at their fields, every one at once, as the schema's do.
        const refused = refusedFieldsOf(err);
        const fields = new Set(Object.keys(form.getValues()));
        const atFields = refused.filter((f) => fields.has(f.path));
        if (atFields.length === 0) {
          report({ title: options.failureTitle(isNew), reason: reasonOf(err) });
          return;
        }
        atFields.forEach((f, i) => form.setError(f.path as Path<Values>, { type: 'server', message: f.message }, { shouldFocus: i === 0 }));
        const elsewhere = refused.filter((f) => !fields.has(f.path)).map((f) => f.message);
        report({ title: options.failureTitle(isNew), reason: [options.refusedReason(atFields.map((f) => f.message)), ...elsewhere].join(' ') });
      }
    },
    (errors) => report({ title: options.failureTitle(adding), reason: options.refusedReason(messagesOf(errors)) }),
  );

  return { form, editing, adding, start, cancel, submit, busy: form.formState.isSubmitting, failure, notice, report };
}

export type AdminEditor<Values extends FieldValues, Body, Saved> = ReturnType<typeof useAdminEditor<Values, Body, Saved>>;

/** The reason under a refused charity or challenge: the messages themselves are at their fields. */
export const MARKED_IN_RED = 'Please correct the fields marked in red.';
