import { ruleTester } from '../helpers/rule-tester.js';

ruleTester('page-component-attributes', {
  valid: [
    '<ParamField path="id" type="string" required>The id.</ParamField>\n',
    '<ParamField body="name" type="string" default="x" placeholder="Ada" />\n',
    '<ResponseField name="id" type="string" required>The id.</ResponseField>\n',
    '<Steps>\n  <Step title="Install" icon="download" stepNumber={1}>x</Step>\n</Steps>\n',
    '<Tabs>\n  <Tab title="npm" icon="npm">x</Tab>\n</Tabs>\n',
    '<AccordionGroup>\n  <Accordion title="A" icon="x" defaultOpen>y</Accordion>\n</AccordionGroup>\n',
    { name: 'a lone Accordion', code: '<Accordion title="A">y</Accordion>\n' },
    {
      name: 'titles that differ but make the same slug (the platform counts them apart)',
      code: '<AccordionGroup>\n  <Accordion title="Setup: Advanced">a</Accordion>\n  <Accordion title="Setup-Advanced">b</Accordion>\n  <Accordion title="Firecrawl はどのように統合されますか？">c</Accordion>\n  <Accordion title="Firecrawl は対応できますか？">d</Accordion>\n</AccordionGroup>\n',
    },
    {
      name: 'the same accordion title in two groups, in nested accordions, or with its own id',
      code:
        '<AccordionGroup>\n  <Accordion title="Setup">a</Accordion>\n</AccordionGroup>\n\n<AccordionGroup>\n  <Accordion title="Setup">b</Accordion>\n</AccordionGroup>\n\n' +
        '<AccordionGroup>\n  <Accordion title="Outer">\n    <Accordion title="Outer">c</Accordion>\n  </Accordion>\n  <Accordion title="Other" id="one">d</Accordion>\n  <Accordion title="Other" id="two">e</Accordion>\n</AccordionGroup>\n',
    },
    {
      name: 'the same title twice outside a group: the platform counts their ids apart (faq, faq-1)',
      code: '<Accordion title="FAQ">\na\n</Accordion>\n\n<Accordion title="FAQ">\nb\n</Accordion>\n\n<Accordion title="FAQ">c</Accordion>\n',
    },
    '<CardGroup cols={2}>\n  <Card title="x" href="/x" icon="rocket" horizontal arrow cta="Go" />\n</CardGroup>\n',
    {
      name: 'href from a variable or template',
      code: '<Card title="x" href={url} />\n<Card title="y" href={`/a/${b}`} />\n',
    },
    {
      name: 'React-level and data attributes',
      code: '<Card title="x" href="/x" id="c" className="c" data-x="1" aria-label="x" />\n',
    },
    '<Update label="2024-06-01" description="v1.2">Notes</Update>\n',
    {
      name: 'Update description and Expandable title are optional by default',
      code: '<Update label="2024-06-01">Notes</Update>\n\n<Expandable>x</Expandable>\n',
    },
    '<Tooltip tip="Application programming interface">API</Tooltip>\n',
    '<Frame caption="Dashboard" hint="Click to zoom">x</Frame>\n',
    { name: 'spread: attributes may come from it', code: '<ParamField {...props} />\n' },
    '<Note icon="key" color="#FFC107" iconType="regular">x</Note>\n\n<Callout type="warning" icon="key">y</Callout>\n',
    '<Badge color="green" size="sm" shape="pill" stroke>New</Badge> <Icon icon="flag" size={32} color="#000" />\n',
    '<Visibility for="agents">x</Visibility>\n\n<Prompt description="Ask" actions={["copy"]}>y</Prompt>\n',
    {
      name: 'pass-through attributes on a callout',
      code: '<Warning id="w" className="my-4" style={{ margin: 0 }} data-kind="x" aria-live="polite">x</Warning>\n',
    },
    {
      name: 'components whose attributes are not known take any',
      code: '<Panel anything="x">y</Panel>\n\n<CodeGroup dropdown>z</CodeGroup>\n',
    },
    { name: 'a snippet may hold Steps without their parent', code: '<Step title="One">x</Step>\n', isSnippet: true },
    {
      name: 'a bare `optional` on a field (or `{true}`) states the default: the page shows what its writer meant',
      code: '<ParamField query="limit" type="number" optional>\nHow many.\n</ParamField>\n\n<ResponseField name="id" type="string" optional={true}>\nIts id.\n</ResponseField>\n',
    },
    {
      name: 'type is optional outside API pages: the component renders without it',
      code: '<ParamField path="id">The id.</ParamField>\n\n<ResponseField name="id">The id.</ResponseField>\n',
    },
    {
      name: 'a page with `openapi` front matter takes its endpoint from the spec, not from the fields',
      code: '---\nopenapi: GET /users\n---\n\n<ParamField query="page">The page.</ParamField>\n',
    },
    {
      name: 'cols as a string of digits works: the grid class is built from it',
      code: '<CardGroup cols="2">\n  <Card title="x" href="/x" />\n</CardGroup>\n\n<Columns cols={"3"}>y</Columns>\n',
    },
  ],
  invalid: [
    {
      name: 'two accordions of one group with the same title (case and spacing aside), or the same id',
      code: '<AccordionGroup>\n  <Accordion title="Setup">a</Accordion>\n  <Accordion title="Usage">b</Accordion>\n  <Accordion title=" setup ">c</Accordion>\n  <Accordion title="One" id="faq">d</Accordion>\n  <Accordion title="Two" id="faq">e</Accordion>\n</AccordionGroup>\n',
      errors: [
        {
          line: 4,
          column: 14,
          endLine: 4,
          endColumn: 29,
          messageId: 'duplicateTitle',
          message:
            'two `<Accordion>`s of this `<AccordionGroup>` have the title "setup" (the first on line 2): readers and deep links cannot tell them apart; give each its own title',
        },
        {
          line: 6,
          column: 26,
          endLine: 6,
          endColumn: 34,
          messageId: 'duplicateId',
          message:
            'two `<Accordion>`s of this `<AccordionGroup>` have the id `faq` (the first on line 5): a deep link reaches only the first; give each its own id',
        },
      ],
    },
    {
      name: 'accordions whose ids clash anywhere on the page, as the platform warns at build',
      code:
        '<AccordionGroup>\n  <Accordion title="A" id="x">a</Accordion>\n</AccordionGroup>\n\n<Accordion title="FAQ">\nb\n</Accordion>\n\n<Accordion title="FAQ">\nc\n</Accordion>\n\n' +
        '<Accordion title="FAQ 1">\nd\n</Accordion>\n\n<Accordion title="B" id="x">\ne\n</Accordion>\n\n<Accordion title="Other" id="faq">\nf\n</Accordion>\n\n' +
        'See <Accordion title="Inline">g</Accordion> or <Accordion title="Inline">h</Accordion>.\n',
      errors: [
        {
          line: 13,
          column: 12,
          endLine: 13,
          endColumn: 25,
          messageId: 'pageId',
          message:
            '`<Accordion title="FAQ 1">` has the id `faq-1`, as does the accordion on line 9: the platform warns at build that deep links and assistive technology may reach the wrong one; give it an `id` of its own',
        },
        {
          line: 17,
          column: 22,
          endLine: 17,
          endColumn: 28,
          messageId: 'pageId',
          message:
            '`<Accordion title="B">` has the id `x`, as does the accordion on line 2: the platform warns at build that deep links and assistive technology may reach the wrong one; give it an `id` of its own',
        },
        {
          line: 21,
          column: 26,
          endLine: 21,
          endColumn: 34,
          messageId: 'pageId',
          message:
            '`<Accordion title="Other">` has the id `faq`, as does the accordion on line 5: the platform warns at build that deep links and assistive technology may reach the wrong one; give it an `id` of its own',
        },
        {
          line: 25,
          column: 59,
          endLine: 25,
          endColumn: 73,
          messageId: 'pageId',
          message:
            '`<Accordion title="Inline">` has the id `inline`, as does the accordion on line 25: the platform warns at build that deep links and assistive technology may reach the wrong one; give it an `id` of its own',
        },
      ],
    },
    {
      name: 'a callout takes no type: its name is the type',
      code: '<Note type="info">Keys are shown once.</Note>\n',
      errors: [
        {
          line: 1,
          column: 7,
          endLine: 1,
          endColumn: 18,
          messageId: 'unknownHint',
          message:
            'unknown attribute `type` on `<Note>`: the kind of callout is its name: write `<Info>`, `<Warning>`, `<Tip>`… (or `<Callout type="…">`) and remove `type`',
        },
      ],
    },
    {
      name: 'unknown attributes of other components of the allowlist, with did-you-mean as a suggestion',
      code: '<Tip icn="key">x</Tip>\n\n<Badge colour="red">y</Badge>\n\n<Visibility audience="agents">z</Visibility>\n',
      errors: [
        {
          line: 1,
          column: 6,
          endLine: 1,
          endColumn: 15,
          messageId: 'unknownClose',
          message: 'unknown attribute `icn` on `<Tip>`: did you mean `icon`?',
          suggestions: [
            {
              desc: 'Rename the attribute to `icon`',
              output:
                '<Tip icon="key">x</Tip>\n\n<Badge colour="red">y</Badge>\n\n<Visibility audience="agents">z</Visibility>\n',
            },
          ],
        },
        {
          line: 3,
          column: 8,
          messageId: 'unknownClose',
          data: { attr: 'colour', name: 'Badge', suggestion: 'color' },
          suggestions: [
            {
              desc: 'Rename the attribute to `color`',
              output:
                '<Tip icn="key">x</Tip>\n\n<Badge color="red">y</Badge>\n\n<Visibility audience="agents">z</Visibility>\n',
            },
          ],
        },
        {
          line: 5,
          column: 13,
          messageId: 'unknown',
          message: 'unknown attribute `audience` on `<Visibility>`: it has no effect (Visibility takes `for`)',
        },
      ],
    },
    {
      name: 'ParamField without location',
      code: '<ParamField type="string">x</ParamField>\n',
      errors: [
        {
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 12,
          messageId: 'noLocation',
          message: '`<ParamField>` needs one location attribute: `path`, `body`, `query` or `header`',
        },
      ],
    },
    {
      name: 'ParamField with two locations: at the second',
      code: '<ParamField path="id" query="q" type="string" />\n',
      errors: [
        {
          line: 1,
          column: 23,
          endLine: 1,
          endColumn: 32,
          messageId: 'manyLocations',
          message: '`<ParamField>` has `path` and `query`: keep exactly one location attribute',
        },
      ],
    },
    {
      name: 'ParamField without type on an API page, and with `optional={false}`, which does not make it required',
      code: '---\napi: GET /users/{id}\n---\n\n<ParamField path="id" optional={false} />\n',
      errors: [
        {
          line: 5,
          column: 1,
          endLine: 5,
          endColumn: 12,
          messageId: 'missingApi',
          message:
            '`<ParamField>` needs a `type` attribute: on a page with `api` front matter, the platform leaves a field without one out of the API playground',
        },
        {
          line: 5,
          column: 23,
          endLine: 5,
          endColumn: 39,
          messageId: 'unknownHint',
          message:
            'unknown attribute `optional` on `<ParamField>`: fields are optional unless marked `required`, and `optional={false}` does not change that: write `required` to mark the field required',
        },
      ],
    },
    {
      name: 'ResponseField without a type on an API page (a name is optional: a field for the whole return value has none)',
      code: '---\napi: POST /users\n---\n\n<ResponseField>x</ResponseField>\n',
      errors: [
        {
          line: 5,
          column: 1,
          endLine: 5,
          endColumn: 15,
          messageId: 'missingApi',
          data: { name: 'ResponseField', attr: 'type' },
        },
      ],
    },
    {
      name: 'titles: missing, empty (a Step may have none: a numbered step of content only)',
      code: '<Steps>\n  <Step>x</Step>\n</Steps>\n\n<Tabs>\n  <Tab title="">y</Tab>\n</Tabs>\n\n<Accordion>z</Accordion>\n',
      errors: [
        { line: 6, column: 8, endLine: 6, endColumn: 16, messageId: 'empty', message: '`title` of `<Tab>` is empty' },
        { line: 9, column: 1, messageId: 'missing', message: '`<Accordion>` needs a `title` attribute' },
      ],
    },
    {
      name: 'Step and Tab outside their parent',
      code: '<Step title="a">x</Step>\n\n<Tab title="b">y</Tab>\n',
      errors: [
        {
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 6,
          messageId: 'parent',
          message: '`<Step>` must be inside `<Steps>`',
        },
        { line: 3, column: 1, endLine: 3, endColumn: 5, messageId: 'parent', data: { name: 'Tab', parent: 'Tabs' } },
      ],
    },
    {
      name: 'Card: unknown attribute with did-you-mean, non-string href',
      code: '<Card titel="x" href={2} />\n',
      errors: [
        {
          line: 1,
          column: 7,
          endLine: 1,
          endColumn: 16,
          messageId: 'unknownClose',
          data: { attr: 'titel', name: 'Card', suggestion: 'title' },
          suggestions: [{ desc: 'Rename the attribute to `title`', output: '<Card title="x" href={2} />\n' }],
        },
        {
          line: 1,
          column: 17,
          endLine: 1,
          endColumn: 25,
          messageId: 'notString',
          message: '`href` of `<Card>` must be a string: write `href="…"`',
        },
      ],
    },
    {
      name: 'a name of opposite meaning is not suggested: defaultClosed is not a typo of defaultOpen',
      code: '<Expandable title="props" defaultClosed>x</Expandable>\n',
      errors: [
        {
          line: 1,
          column: 27,
          endLine: 1,
          endColumn: 40,
          messageId: 'unknown',
          data: { attr: 'defaultClosed', name: 'Expandable', known: '`title`, `defaultOpen`' },
        },
      ],
    },
    {
      name: 'CardGroup cols that is not a number of columns',
      code: '<CardGroup cols="two">\n  <Card title="x" href="/x" />\n</CardGroup>\n\n<Columns cols={true}>y</Columns>\n',
      errors: [
        {
          line: 1,
          column: 12,
          endLine: 1,
          endColumn: 22,
          messageId: 'notNumber',
          message: '`cols` of `<CardGroup>` must be a number of columns, such as `cols={2}`',
        },
        {
          line: 5,
          column: 10,
          endLine: 5,
          endColumn: 21,
          messageId: 'notNumber',
          data: { attr: 'cols', name: 'Columns' },
        },
      ],
    },
    {
      name: 'Update without label, Tooltip without tip',
      code: '<Update description="d">x</Update>\n\n<Tooltip>API</Tooltip>\n',
      errors: [
        { line: 1, column: 1, endLine: 1, endColumn: 8, messageId: 'missing', data: { name: 'Update', attr: 'label' } },
        { line: 3, column: 1, endLine: 3, endColumn: 9, messageId: 'missing', data: { name: 'Tooltip', attr: 'tip' } },
      ],
    },
    {
      name: 'configured extra required attributes',
      code: '<Update label="v1">x</Update>\n\n<Expandable>y</Expandable>\n\n<ResponseField type="string">z</ResponseField>\n\n<Steps>\n  <Step>w</Step>\n</Steps>\n',
      options: {
        required: { Update: ['description'], Expandable: ['title'], ResponseField: ['name'], Step: ['title'] },
      },
      errors: [
        { line: 1, column: 1, messageId: 'missing', data: { name: 'Update', attr: 'description' } },
        { line: 3, column: 1, messageId: 'missing', data: { name: 'Expandable', attr: 'title' } },
        { line: 5, column: 1, messageId: 'missing', data: { name: 'ResponseField', attr: 'name' } },
        { line: 8, column: 3, messageId: 'missing', data: { name: 'Step', attr: 'title' } },
      ],
    },
    {
      name: '`description` of a Card: not shown; with no body, nothing but the title is',
      code: '<Card title="Quickstart" description="Start in five minutes" href="/quickstart" />\n\n<Card title="Guides" description="How-tos">\n  Every guide.\n</Card>\n\n<Card title="API" description="Reference"></Card>\n',
      errors: [
        {
          line: 1,
          column: 26,
          endLine: 1,
          endColumn: 61,
          messageId: 'cardDescriptionNoBody',
          message:
            '`description` of a `<Card>` with no body is not shown at all: the card shows its title and its body only; move the text into the body (`<Card title="…">text</Card>`)',
        },
        {
          line: 3,
          column: 22,
          messageId: 'cardDescription',
          message:
            '`description` of `<Card>` is not shown: the card shows its title and its body only; move the text into the body',
        },
        { line: 7, column: 19, messageId: 'cardDescriptionNoBody' },
      ],
    },
    {
      name: 'unknown attribute without a close name lists the known ones',
      code: '<Tooltip tip="x" colour="red">y</Tooltip>\n',
      errors: [
        {
          line: 1,
          column: 18,
          messageId: 'unknown',
          data: { attr: 'colour', name: 'Tooltip', known: '`tip`, `headline`, `cta`, `href`' },
        },
      ],
    },
    {
      name: 'nested: ParamField inside Expandable inside ParamField',
      code: '---\napi: POST /users\n---\n<ParamField body="user" type="object">\n  <Expandable title="properties">\n    <ParamField body="name">x</ParamField>\n  </Expandable>\n</ParamField>\n',
      errors: [
        {
          line: 6,
          column: 5,
          messageId: 'missingApi',
          data: { name: 'ParamField', attr: 'type' },
        },
      ],
    },
    {
      name: 'a type required by the options is required on every page, with no API-page reason',
      code: '<ParamField path="id">x</ParamField>\n',
      options: { required: { ParamField: ['type'] } },
      errors: [
        {
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 12,
          messageId: 'missing',
          data: { name: 'ParamField', attr: 'type' },
        },
      ],
    },
  ],
});
