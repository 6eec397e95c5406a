import { expect, it } from "vitest";
import { contentDisposition, sanitiseFileName } from "./file-name.server";

it("keeps the last path segment, without controls, invisible or forbidden characters", () => {
  expect(sanitiseFileName("C:\\fakepath\\Before photo.JPEG", "jpg")).toBe("Before photo.JPEG");
  expect(sanitiseFileName("../../etc/passwd", "bin")).toBe("passwd.bin");
  expect(sanitiseFileName('a"b<c>|d?.pdf', "pdf")).toBe("a_b_c__d_.pdf");
  expect(sanitiseFileName("inv\u202eoice\u0000\n.pdf", "pdf")).toBe("invoice.pdf");
  expect(sanitiseFileName("  ..hidden  name .pdf. ", "pdf")).toBe("hidden name .pdf");
  expect(sanitiseFileName("Zoe\u0308 Ünïcode ✓.png", "png")).toBe("Zoë Ünïcode ✓.png");
});

it("ends in the extension of the type the file was stored as", () => {
  expect(sanitiseFileName("invoice.pdf", "png")).toBe("invoice.png");
  expect(sanitiseFileName("page.html", "bin")).toBe("page.bin");
  expect(sanitiseFileName("photo.jpeg", "jpg")).toBe("photo.jpeg");
  expect(sanitiseFileName("README", "bin")).toBe("README.bin");
  expect(sanitiseFileName("", "pdf")).toBe("file.pdf");
  expect(sanitiseFileName(undefined, "mp4")).toBe("file.mp4");
  expect(sanitiseFileName(".pdf", "pdf")).toBe("pdf.pdf");
  const long = sanitiseFileName(`${"ä".repeat(300)}.pdf`, "pdf");
  expect(long).toBe(`${"ä".repeat(116)}.pdf`);
});

it("writes Content-Disposition with an ASCII name and the exact UTF-8 name (RFC 6266)", () => {
  expect(contentDisposition("attachment", "Care guide.pdf")).toBe(`attachment; filename="Care guide.pdf"; filename*=UTF-8''Care%20guide.pdf`);
  expect(contentDisposition("inline", "Zoë's boat (1).jpg")).toBe(`inline; filename="Zoe's boat (1).jpg"; filename*=UTF-8''Zo%C3%AB%27s%20boat%20%281%29.jpg`);
  expect(contentDisposition("attachment", "✓ 100%.pdf")).toBe(`attachment; filename="_ 100_.pdf"; filename*=UTF-8''%E2%9C%93%20100%25.pdf`);
});
