import type { ComponentType } from "react";
import { fieldText as text, type FieldInputProps } from "./field-input";
import { placeholderFor } from "./input-kind";
import { MarkdownEditor } from "./MarkdownEditor";
import { MediaUploader } from "./MediaUploader";
import { RichTextEditor } from "./RichTextEditor";

/**
 * The inputs that are JavaScript widgets (rich-text editor, uploader, markdown
 * editor). Each keeps its value in an input named after the property, so the
 * form still posts it as a plain HTML form.
 */

export function RichTextInput({ name, prop, value, onChange, disabled, invalid, describedBy, labelId }: FieldInputProps) {
  return (
    <>
      <input type="hidden" name={name} value={text(value)} />
      <RichTextEditor
        value={text(value)}
        onChange={onChange}
        placeholder={placeholderFor(prop)}
        disabled={disabled}
        labelledBy={labelId}
        describedBy={describedBy}
        invalid={invalid}
      />
    </>
  );
}

export function uploadInput(type: "media" | "file"): ComponentType<FieldInputProps> {
  return function UploadInput({ id, name, prop, value, onChange, disabled, invalid, describedBy }) {
    return (
      <>
        <input type="hidden" name={name} value={text(value)} />
        <MediaUploader
          id={id}
          type={type === "media" && prop.contentMediaType === "image/*" ? "image" : type}
          value={text(value)}
          onChange={onChange}
          disabled={disabled}
          invalid={invalid}
          describedBy={describedBy}
        />
      </>
    );
  };
}

export function MarkdownInput({ id, name, prop, value, onChange, disabled, invalid, describedBy }: FieldInputProps) {
  return (
    <MarkdownEditor
      id={id}
      name={name}
      value={text(value)}
      onChange={onChange}
      placeholder={placeholderFor(prop)}
      disabled={disabled}
      invalid={invalid}
      describedBy={describedBy}
    />
  );
}
