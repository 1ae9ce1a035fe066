import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TaggedText } from "./TaggedText";

afterEach(cleanup);

const components = {
  strong: <strong />,
  terms: <em className="link" />,
};

function html(text: string) {
  return render(<TaggedText text={text} components={components} />).container.innerHTML;
}

describe("TaggedText", () => {
  it("renders each tag as its element, holding the tag's text, in the sentence's own order", () => {
    expect(html("Acepto los <terms>términos</terms>.")).toBe('Acepto los <em class="link">términos</em>.');
    expect(html("<strong>Free</strong> and <terms>fair</terms>")).toBe(
      '<strong>Free</strong> and <em class="link">fair</em>',
    );
  });

  it("nests different tags and keeps the text of a tag it has no element for", () => {
    expect(html("Read <terms>the <strong>terms</strong></terms> <unknown>now</unknown>")).toBe(
      'Read <em class="link">the <strong>terms</strong></em> now',
    );
  });

  it("leaves plain text and stray brackets alone", () => {
    expect(html("3 < 5 and 5 > 3")).toBe("3 &lt; 5 and 5 &gt; 3");
    expect(html("")).toBe("");
  });
});
