-- Headless Neovim (0.7 or later) as a real editor: start doclint's language server with the
-- built-in LSP client, open one page, wait for its diagnostics and write them to a JSON file.
-- Run as: nvim --headless -u NONE -i NONE -n -c 'luafile nvim-diagnostics.lua'
-- with DOCLINT_CMD (JSON array), DOCLINT_ROOT, DOCLINT_PAGE and DOCLINT_OUT in the environment.
local cmd = vim.fn.json_decode(os.getenv('DOCLINT_CMD'))
local root = os.getenv('DOCLINT_ROOT')
local page = os.getenv('DOCLINT_PAGE')
local out = os.getenv('DOCLINT_OUT')

local function finish(result)
  vim.fn.writefile({ vim.fn.json_encode(result) }, out)
  vim.cmd('qall!')
end

local ok, err = pcall(function()
  -- vim.lsp.start_client and buf_attach_client exist from 0.5 on; vim.lsp.start came in 0.8.
  local client_id = vim.lsp.start_client({ name = 'doclint', cmd = cmd, root_dir = root })
  if not client_id then
    finish({ error = 'start_client failed' })
    return
  end
  vim.cmd('edit ' .. vim.fn.fnameescape(page))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(bufnr, client_id)
  local arrived = vim.wait(60000, function()
    return #vim.diagnostic.get(bufnr) > 0
  end, 50)
  local diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(diagnostics, {
      lnum = d.lnum,
      col = d.col,
      end_lnum = d.end_lnum,
      end_col = d.end_col,
      severity = d.severity,
      source = d.source,
      message = d.message,
      code = d.code or ((d.user_data or {}).lsp or {}).code,
    })
  end
  vim.lsp.stop_client(client_id)
  finish({ arrived = arrived, version = vim.version(), diagnostics = diagnostics })
end)
if not ok then
  finish({ error = tostring(err) })
end
