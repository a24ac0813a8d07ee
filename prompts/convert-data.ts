import { definePrompt } from '../src/core/prompt.js';

const FORMATS = ['json', 'csv', 'yaml', 'xml', 'markdown-table', 'typescript'] as const;

export default definePrompt({
  name: 'convert_data',
  title: 'Convert data between formats',
  description:
    'Converts pasted data from one format to another with the format tools (csv_to_json, json_to_csv, json_to_yaml, yaml_to_json, xml_to_json, json_to_xml, csv_to_markdown, json_to_typescript), chaining through JSON when there is no direct tool.',
  arguments: [
    { name: 'from', description: 'The format of the data', required: true, values: FORMATS },
    { name: 'to', description: 'The format wanted', required: true, values: FORMATS },
    { name: 'data', description: 'The data to convert', required: true },
  ],
  render({ from, to, data }) {
    return [
      `Convert the following ${from} to ${to} using werkbank's format tools (not by hand).`,
      'If there is no direct tool, convert to JSON first and then from JSON. Report any rows, elements or values the conversion reported as a problem.',
      '',
      data,
    ].join('\n');
  },
});
