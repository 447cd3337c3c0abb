import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createProject, createTextBlock } from '../../../common/project/block-factory.js';
import type { Project } from '../../../common/project/index.js';
import { contextOf, sequentialIds } from '../../../common/project/test-support.js';
import { defaultExportForm, type ExportForm } from './export-form.js';
import { formWithProfile } from './export-profile.js';
import { ExportSampleField } from './ExportSampleField.js';

const SENTENCE =
  'The wind rolled over the long grey hills while the travellers walked on toward the distant town.';

/** Opening credits, then a first chapter of 40 blocks of three long sentences (block 3 swears). */
function book(): Project {
  const ids = sequentialIds();
  const blocks = [
    createTextBlock({ text: 'Read by Ava.', chapterTitle: 'Opening Credits' }, ids),
    ...Array.from({ length: 40 }, (_, index) =>
      createTextBlock(
        {
          text: `${index === 1 ? 'Damn it all.' : `Block ${index + 2} begins here.`} ${SENTENCE} ${SENTENCE}`,
          ...(index === 0 ? { chapterTitle: 'One' } : {}),
        },
        ids,
      ),
    ),
  ];
  const project = createProject({ title: 'Book', defaults: { voiceId: 'v', voiceName: 'Ava' } }, ids);
  return { ...project, tracks: { ...project.tracks, speech: { blocks } } };
}

function Harness({ initial, project }: { initial: ExportForm; project: Project }) {
  const [form, setForm] = useState(initial);
  return (
    <ExportSampleField
      form={form}
      project={project}
      context={contextOf(project)}
      explicitWords={['damn']}
      disabled={false}
      onChange={(key, value) => setForm({ ...form, [key]: value })}
    />
  );
}

describe('ExportSampleField', () => {
  afterEach(cleanup);
  const acx = formWithProfile(defaultExportForm, 'acx');

  it('proposes the sample from the first chapter after the credits, with its length, first words and explicit words', () => {
    render(<Harness initial={acx} project={book()} />);
    expect(screen.getByTestId('export-sample-summary').textContent).toMatch(
      /^“Retail Sample” beside the chapters: \d:\d\d from block 2 \(0:0\d\), “Block 2 begins here\. The wind rolled/u,
    );
    expect(screen.getAllByTestId('export-sample-warning').map((line) => line.textContent)).toEqual([
      'Sample contains “Damn” in block 3.',
    ]);
  });

  it('moves the sample to the block the user types, and names a length outside the retailer’s bounds', () => {
    render(<Harness initial={acx} project={book()} />);
    fireEvent.change(screen.getByTestId('export-sample-start'), { target: { value: '5' } });
    expect(screen.getByTestId('export-sample-summary').textContent).toMatch(/ from block 5 /u);
    expect(screen.queryByTestId('export-sample-warning')).toBeNull();
    fireEvent.change(screen.getByTestId('export-sample-length'), { target: { value: '400' } });
    expect(screen.getByTestId('export-sample-problem').textContent).toBe(
      'Sample length must be seconds from 60 to 300 (got “400”)',
    );
    fireEvent.change(screen.getByTestId('export-sample-start'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('export-sample-length'), { target: { value: '' } });
    expect(screen.getByTestId('export-sample-problem').textContent).toBe(
      'Sample start: block 1 is part of the credits, and a retail sample must not contain credits.',
    );
  });

  it('shows nothing without a retailer profile', () => {
    render(<Harness initial={defaultExportForm} project={book()} />);
    expect(screen.queryByTestId('export-sample')).toBeNull();
  });
});
