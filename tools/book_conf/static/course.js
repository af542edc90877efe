/* The course website's figure strips (tools/book.py; loaded by tools/book_conf/conf.py).

   On a screen narrower than a figure (a phone), course.css keeps the figure at the size its text was checked at
   in a strip that scrolls sideways.  This marks each strip that is wider than its box ("teachkit-wide"), says
   so in a line under it, fades the edge that still has more to see ("teachkit-more-left/right"), and shows
   the whole figure fitted to the screen when it is tapped; a second tap (or Escape) closes it. */
(function () {
  "use strict";

  function strips() {
    return Array.from(document.querySelectorAll("div.cell_output .output")).filter(
      (box) => box.querySelector("img[alt]"));
  }

  const HINT = "Wider than the screen: swipe the figure sideways, or tap it to see it whole.";

  function mark(box) {
    const wide = box.scrollWidth > box.clientWidth + 1;
    box.classList.toggle("teachkit-wide", wide);
    let hint = box.nextElementSibling;
    if (!hint || !hint.classList.contains("teachkit-strip-hint")) {
      hint = document.createElement("p");
      hint.className = "teachkit-strip-hint";
      hint.textContent = HINT;
      box.after(hint);
    }
    hint.hidden = !wide;
    box.classList.toggle("teachkit-more-left", wide && box.scrollLeft > 1);
    box.classList.toggle("teachkit-more-right", wide && box.scrollLeft + box.clientWidth < box.scrollWidth - 1);
  }

  function close(event) {
    const whole = document.querySelector("div.teachkit-figure-whole");
    if (whole && (!event || event.type !== "keydown" || event.key === "Escape")) {
      whole.remove();
    }
  }

  function open(img) {
    close();
    const whole = document.createElement("div");
    whole.className = "teachkit-figure-whole";
    whole.setAttribute("role", "dialog");
    whole.setAttribute("aria-label", "The whole figure; tap to close");
    const copy = img.cloneNode(false);
    copy.removeAttribute("width");
    copy.removeAttribute("height");
    whole.appendChild(copy);
    whole.addEventListener("click", () => close());
    document.body.appendChild(whole);
  }

  // A findings table (printed against recomputed, its last column "why") gets its own class, so its "why" keeps
  // a readable width (look review z23: squeezed to 87 px, a six-row table 1,109 px tall).
  function markFindings() {
    document.querySelectorAll("div.cell_output table").forEach((table) => {
      const heads = table.querySelectorAll("thead th");
      if (heads.length && heads[heads.length - 1].textContent.trim() === "why") {
        table.classList.add("teachkit-findings");
      }
    });
  }

  // A table written in the text scrolls in the theme's own box: fade the edge that still has more to see, as a
  // figure strip's (its striped rows hide a background shadow; look review z23).
  function fade(box) {
    const wide = box.scrollWidth > box.clientWidth + 1;
    box.classList.toggle("teachkit-more-left", wide && box.scrollLeft > 1);
    box.classList.toggle("teachkit-more-right", wide && box.scrollLeft + box.clientWidth < box.scrollWidth - 1);
  }

  function ready() {
    markFindings();
    const tables = Array.from(document.querySelectorAll("section > div.pst-scrollable-table-container"));
    tables.forEach((box) => {
      box.classList.add("teachkit-fade");
      fade(box);
      box.addEventListener("scroll", () => fade(box), { passive: true });
      // its width changes after MathJax sets the formulas in it
      if (window.ResizeObserver && box.firstElementChild) {
        new ResizeObserver(() => fade(box)).observe(box.firstElementChild);
      }
    });
    window.addEventListener("resize", () => tables.forEach(fade));
    const boxes = strips();
    boxes.forEach((box) => {
      mark(box);
      box.addEventListener("scroll", () => mark(box), { passive: true });
      box.querySelectorAll("img[alt]").forEach((img) => {
        img.addEventListener("load", () => mark(box));
        img.addEventListener("click", () => {
          if (box.classList.contains("teachkit-wide")) {
            open(img);
          }
        });
      });
    });
    window.addEventListener("resize", () => boxes.forEach(mark));
    document.addEventListener("keydown", close);
    // The theme restores the sidebar's last scroll position, which can leave the page being read out of sight
    // (look review x5: page 01 opened with 09-12 at the sidebar's top); bring it into view after that.
    window.addEventListener("load", () => setTimeout(showCurrentPage, 0));
  }

  function showCurrentPage() {
    const current = document.querySelector("nav.bd-links li.current > a, nav.bd-links a.current");
    if (!current) {
      return;
    }
    let box = current.parentElement;
    while (box && box !== document.body && !(box.scrollHeight > box.clientHeight + 1 &&
             /(auto|scroll)/.test(getComputedStyle(box).overflowY))) {
      box = box.parentElement;
    }
    if (!box || box === document.body) {
      return;
    }
    const link = current.getBoundingClientRect();
    const view = box.getBoundingClientRect();
    if (link.top < view.top || link.bottom > view.bottom) {
      box.scrollTop += link.top - view.top - (view.height - link.height) / 2;
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
})();
