import { FileUp } from "lucide-react";
import { Form } from "react-router";
import { secondaryButton } from "~/components/ui/button";

/**
 * 'Import CSV' on a writable table's page: opens the table's import page
 * (/admin/{table}/import, ImportCsvForm). A GET form, so it is a real button
 * that works without JavaScript.
 */
export function ImportCsvButton({ table }: { table: string }) {
  return (
    <Form method="get" action={`/admin/${table}/import`}>
      <button type="submit" className={secondaryButton}>
        <FileUp aria-hidden className="size-4" />
        Import CSV
      </button>
    </Form>
  );
}
