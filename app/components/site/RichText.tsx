/**
 * Sanitised rich text from the dashboard's editor (Quill 2's HTML, reduced to
 * its allow-list by app/server/rich-text.server.ts before it was stored),
 * with the site's prose styles: headings, paragraphs, both kinds of list
 * (Quill writes each as <ol> with data-list on the items), indents,
 * alignment, sizes, quotes, code, links, images and videos.
 */
export function RichText({ html, className = "" }: { html: string; className?: string }) {
  return (
    <div
      className={`${PROSE} ${className}`}
      // Sanitised when stored (rich_text columns are written through sanitizeRichText).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

const PROSE = [
  "text-lg leading-relaxed text-slate-700",
  "[&>*+*]:mt-5",
  "[&_h1]:text-3xl [&_h1]:font-extrabold [&_h1]:tracking-tight [&_h1]:text-ink-900",
  "[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-ink-900",
  "[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-ink-900",
  "[&_h4]:mt-6 [&_h4]:font-bold [&_h4]:text-ink-900 [&_h5]:font-semibold [&_h5]:text-ink-900 [&_h6]:font-semibold [&_h6]:text-ink-900",
  "[&_strong]:font-semibold [&_strong]:text-ink-900",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-600",
  "[&_ol]:space-y-2 [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6",
  "[&_ol>li]:list-decimal [&_li[data-list=bullet]]:list-disc [&_li]:pl-1",
  "[&_.ql-ui]:hidden",
  "[&_blockquote]:border-l-4 [&_blockquote]:border-brand-400 [&_blockquote]:pl-4 [&_blockquote]:italic [&_blockquote]:text-slate-600",
  "[&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-slate-100 [&_pre]:p-4 [&_pre]:font-mono [&_pre]:text-sm",
  "[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl",
  "[&_iframe]:aspect-video [&_iframe]:w-full [&_iframe]:rounded-xl",
  "[&_.ql-align-center]:text-center [&_.ql-align-right]:text-right [&_.ql-align-justify]:text-justify",
  "[&_.ql-size-small]:text-sm [&_.ql-size-large]:text-2xl [&_.ql-size-huge]:text-4xl",
  "[&_.ql-font-serif]:font-serif [&_.ql-font-monospace]:font-mono",
  "[&_.ql-indent-1]:ml-8 [&_.ql-indent-2]:ml-16 [&_.ql-indent-3]:ml-24 [&_.ql-indent-4]:ml-32",
  "[&_.ql-indent-5]:ml-40 [&_.ql-indent-6]:ml-48 [&_.ql-indent-7]:ml-56 [&_.ql-indent-8]:ml-64",
  "[&_.ql-direction-rtl]:[direction:rtl]",
].join(" ");
