-- A real client for TestNeovim: Neovim 0.7 (vim.lsp.start_client),
-- headless, attached to `smolbots lsp`. It opens ROBOTS_FILE, waits for
-- the diagnostics, asks for a hover on HOVER_LINE, the code actions of
-- ACTION_LINE (and applies the first quick fix to the buffer), and the
-- verdicts for VERDICT_SELECTOR; it writes all it got as JSON to LSP_OUT.
local out = os.getenv('LSP_OUT')
local function finish(t)
  vim.fn.writefile({vim.fn.json_encode(t)}, out)
  vim.cmd('qa!')
end

local ok, err = pcall(function()
  local file = os.getenv('ROBOTS_FILE')
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(bufnr)
  local published = nil
  local default = vim.lsp.handlers['textDocument/publishDiagnostics']
  local id = vim.lsp.start_client({
    cmd = {os.getenv('SMOLBOTS_BIN'), 'lsp'},
    name = 'smolbots',
    root_dir = vim.fn.fnamemodify(file, ':h'),
    init_options = {protocol = 'gemini'},
    handlers = {
      ['textDocument/publishDiagnostics'] = function(e, result, ctx, config)
        if result.uri == uri then
          published = result
        end
        return default(e, result, ctx, config)
      end,
    },
  })
  if not id then
    error('start_client failed')
  end
  vim.lsp.buf_attach_client(bufnr, id)
  if not vim.wait(60000, function() return published ~= nil end, 20) then
    error('no diagnostics within 60 s')
  end
  local client = vim.lsp.get_client_by_id(id)
  local doc = {uri = uri}
  local hover_line = tonumber(os.getenv('HOVER_LINE'))
  local hover = client.request_sync('textDocument/hover',
    {textDocument = doc, position = {line = hover_line, character = 0}}, 60000, bufnr)
  local action_line = tonumber(os.getenv('ACTION_LINE'))
  local actions = client.request_sync('textDocument/codeAction', {
    textDocument = doc,
    range = {start = {line = action_line, character = 0}, ['end'] = {line = action_line, character = 0}},
    context = {diagnostics = {}, only = {'quickfix'}},
  }, 60000, bufnr)
  -- the verdicts before the action's edit, on the file as opened
  local verdicts = client.request_sync('workspace/executeCommand', {
    command = 'smolbots.verdicts',
    arguments = {uri, os.getenv('VERDICT_SELECTOR')},
  }, 60000, bufnr)
  local applied = nil
  if actions and actions.result and actions.result[1] then
    applied = actions.result[1].title
    vim.lsp.util.apply_workspace_edit(actions.result[1].edit, client.offset_encoding)
  end
  finish({
    diagnostics = published.diagnostics,
    shown = #vim.diagnostic.get(bufnr),
    hover = hover and hover.result,
    actions = actions and actions.result,
    applied = applied,
    buffer = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false),
    verdicts = verdicts and verdicts.result,
  })
end)
if not ok then
  finish({error = tostring(err)})
end
