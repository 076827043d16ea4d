import type { RagPassage } from "@oystar/api-client";
import { bringIntoView } from "@oystar/ui-kit";
import { Fragment, useEffect, useMemo, useRef } from "react";
import { conversationMessages } from "../messages";
import { passageParagraphs } from "../passage-layout";

const text = conversationMessages.viewer;

/**
 * Issue 25: the cited passage highlighted in its surroundings, scrolled into view. Document text
 * is only ever text here — React text nodes — whatever markup a document holds.
 */
export function PassageText({ passage }: { passage: Pick<RagPassage, "chunkId" | "before" | "text" | "after"> }) {
  const paragraphs = useMemo(() => passageParagraphs(passage), [passage]);
  const start = useRef<HTMLElement>(null);
  useEffect(() => bringIntoView(start.current, "center"), [passage.chunkId]);
  return (
    <div className="rag-viewer__text">
      {paragraphs.map((paragraph, index) => (
        <p key={index} className="rag-viewer__paragraph">
          {paragraph.pieces.map((piece, position) =>
            piece.cited ? (
              <Fragment key={position}>
                {paragraph.opensPassage ? <span className="oy-visually-hidden">{`${text.passageStart} `}</span> : null}
                <mark ref={paragraph.opensPassage ? start : undefined} className="rag-viewer__mark">
                  {piece.text}
                </mark>
                {paragraph.closesPassage ? <span className="oy-visually-hidden">{` ${text.passageEnd}`}</span> : null}
              </Fragment>
            ) : (
              <Fragment key={position}>{piece.text}</Fragment>
            ),
          )}
        </p>
      ))}
    </div>
  );
}
